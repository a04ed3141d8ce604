W=1 true
echo "W=${W-unset}"
