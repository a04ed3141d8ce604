# check-stderr
# End of input ends the loop with status 1 and a newline on stdout, even
# after the body succeeded; a last line without a newline is not a choice.
select x in a b; do echo "got $x"; true; done <<EOF
1
EOF
echo "status $?"
printf 2 | { select x in a b; do echo "got $x"; done; echo "status $?"; }
select x in a b; do echo never; done </dev/null
echo "status $?"
