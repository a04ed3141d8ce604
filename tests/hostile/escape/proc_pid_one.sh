# Nothing of other host processes either.
# expect-stop: none
# expect-status: 1
# expect-stdout-empty:
# expect-stderr-contains: ls: cannot access '/proc/1/': No such file or directory
# expect-stderr-contains: cat: /proc/1/cmdline: No such file or directory
# expect-stderr-contains: cd: /proc: No such file or directory
ls /proc/1/
cat /proc/1/cmdline
cd /proc
