# check-stderr
select fruit in apple banana cherry; do
    echo "chose $fruit (reply $REPLY)"
    break
done <<EOF
2
EOF
echo "status $?"
