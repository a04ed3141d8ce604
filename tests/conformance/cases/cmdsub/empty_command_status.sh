# A command whose words all expand to nothing has the status of the last
# command substitution in them.
$(false); echo "false: $?"
`exit 3`; echo "backquote: $?"
$(exit 3) $(exit 4); echo "two: $?"
x=1 $(exit 5); echo "with prefix: $?"
empty=
$empty $(exit 6); echo "empty var: $?"
$(exit 7) >/dev/null; echo "redirect: $?"
if $(false); then echo TRUE; else echo FALSE; fi
if `true`; then echo TRUE; else echo FALSE; fi
$(true); echo "true: $?"
false
$empty; echo "no substitution: $?"
