head -n 1 <(yes)
echo done
