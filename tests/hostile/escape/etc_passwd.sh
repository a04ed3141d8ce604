# The host's /etc/passwd does not exist in the sandbox.
# expect-stop: none
# expect-status: 1
# expect-stdout-empty:
# expect-stderr: cat: /etc/passwd: No such file or directory
cat /etc/passwd
