# Commands: print | cmd, cmd | getline, system, close of a pipe.
printf '3\n1\n2\n' | awk '{ print | "sort" } END { close("sort"); print "after sort" }'
awk 'BEGIN { while (("echo a; echo b" | getline line) > 0) print "got", line; close("echo a; echo b") }'
awk 'BEGIN { "echo hello" | getline; print $0, NF }'
awk 'BEGIN { r = system("exit 3"); print "r=" r; system("echo from system") }'
