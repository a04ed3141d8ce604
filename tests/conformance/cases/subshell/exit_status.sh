(exit 7)
echo $?
(exit 1)
echo still-running
