# check-stderr
# Out of range, non-numeric and padded replies: the variable is empty
# unless the reply is a number in range; REPLY keeps the line as typed.
select x in a b c; do
    echo "x=[$x] REPLY=[$REPLY]"
    [ "$REPLY" = stop ] && break
done <<EOF
9
0
foo
 2 
+1
0x1
-1
stop
EOF
echo "status $?"
