[ "$$" -gt 0 ] && echo pid-ok
x=$(echo $$)
[ "$x" = "$$" ] && echo same-in-subshell
