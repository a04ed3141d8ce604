# Uninitialized values as numbers, strings and array elements.
awk 'BEGIN { print x + 0, "[" x "]", length(y); if (!(z in arr)) print "absent"; arr["k"]; print length(arr) }'
echo "a" | awk '{ print "[" $3 "]", NF }'
