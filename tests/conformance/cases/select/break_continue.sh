# check-stderr
# continue reads the next reply without the menu; break N leaves outer
# loops too; the status is the last body command's.
for round in 1 2; do
    select x in a b c; do
        if [ "$x" = a ]; then echo "$round: skip"; continue; fi
        if [ "$x" = c ]; then echo "$round: out"; break 2; fi
        echo "$round: $x"
        false
    done
    echo "after select $?"
done <<EOF
1
2
3
EOF
echo "status $?"
