Z=1 :
echo "Z=${Z-unset}"
