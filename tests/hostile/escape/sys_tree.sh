# /sys does not exist.
# expect-stop: none
# expect-status: 2
# expect-stdout-empty:
# expect-stderr-contains: ls: cannot access '/sys/class/net': No such file or directory
ls /sys/class/net
