# exec's own options do not open another way out: `/bin/bash` is the
# sandbox's shell whatever exec names it.
# expect-stop: none
# expect-status: 127
# expect-stdout-empty:
# expect-stderr-contains: gcc: command not found
exec -c -l -a innocent /bin/bash -c 'gcc'
