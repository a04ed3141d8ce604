# exec's own options do not open another way out.
# expect-stop: none
# expect-status: 127
# expect-stdout-empty:
# expect-stderr-contains: /bin/bash: No such file or directory
exec -c -l -a innocent /bin/bash -c 'echo pwned'
