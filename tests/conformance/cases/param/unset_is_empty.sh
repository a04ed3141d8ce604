unset v
echo "[$v]" "[${v}]"
