# XTree's commands for gdb, with no Python: load it from ~/.gdbinit
#     source /path/to/xtree.gdb
# then, at a breakpoint in an app that runs an XTree inspector (or registered its root):
#     xtree tree                                   the tree (live on the main thread)
#     xtree find RecipeViewModel --where recipe=irish-stew [--all]
#     xtree why recipes://recipes/irish-stew/ratings
#     xtree log [COUNT]                            the last journal events
# Each call runs on the stopped thread only (scheduler-locking on, for the call), in C, through
# a pointer of the C function's type (the debug information describes Swift's function). The
# answer goes to the app's standard error, and is kept for `p (char *)xtree_last_answer()` (standard
# error is /dev/null in an app attached outside Xcode); the result is a status: 0 answered, 1 no (nothing
# matches, or the link would not land), 2 busy (try again from the main thread), 3 a bad
# argument, 4 nothing registered. Words are passed as gdb splits them: at most six, none with a
# double quote or a backslash.
define xtree
  set scheduler-locking on
  if $argc == 0
    call ((int (*)(const char *))xtree_command)("tree")
  end
  if $argc == 1
    call ((int (*)(const char *))xtree_command)("$arg0")
  end
  if $argc == 2
    call ((int (*)(const char *))xtree_command)("$arg0 $arg1")
  end
  if $argc == 3
    call ((int (*)(const char *))xtree_command)("$arg0 $arg1 $arg2")
  end
  if $argc == 4
    call ((int (*)(const char *))xtree_command)("$arg0 $arg1 $arg2 $arg3")
  end
  if $argc == 5
    call ((int (*)(const char *))xtree_command)("$arg0 $arg1 $arg2 $arg3 $arg4")
  end
  if $argc == 6
    call ((int (*)(const char *))xtree_command)("$arg0 $arg1 $arg2 $arg3 $arg4 $arg5")
  end
  set scheduler-locking replay
end
document xtree
XTree at a breakpoint: xtree tree | find NAME [--where KEY=VALUE]... [--all] | why LINK | log [COUNT]
end
