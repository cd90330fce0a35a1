import XTreeCommandLine

await CommandLineTool.main()
