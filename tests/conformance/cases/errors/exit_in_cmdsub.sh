x=$(echo partial; exit 3)
echo "$x $?"
