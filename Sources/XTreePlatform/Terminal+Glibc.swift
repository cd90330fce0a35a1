#if canImport(Glibc)
    import Glibc

    extension Terminal {
        /// A new pty's two ends, as `openpty` makes them (which Swift's Glibc does not declare):
        /// `/dev/ptmx`, unlocked (`TIOCSPTLCK`), and the path of the terminal it numbers
        /// (`TIOCGPTN`; both requests' numbers are Linux's). For tests of terminal input.
        package static func openPseudoTerminal() -> (master: Int32, terminal: String)? {
            let master = open("/dev/ptmx", O_RDWR | O_NOCTTY | O_CLOEXEC)
            guard master >= 0 else { return nil }
            var unlock: Int32 = 0
            var number: UInt32 = 0
            guard ioctl(master, 0x4004_5431, &unlock) == 0, ioctl(master, 0x8004_5430, &number) == 0 else {
                _ = close(master)
                return nil
            }
            return (master, "/dev/pts/\(number)")
        }
    }
#endif
