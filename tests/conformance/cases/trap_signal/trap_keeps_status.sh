trap 'echo trap sees $?' USR1
false
kill -USR1 $$
echo "status $?"
(exit 7); kill -USR1 $$; echo "then $?"
