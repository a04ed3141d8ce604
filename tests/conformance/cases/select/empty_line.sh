# check-stderr
# An empty line shows the menu again; so does a body that empties REPLY.
select x in one two; do
    echo "got $x"
    [ "$x" = two ] && break
    REPLY=
done <<EOF

1

2
EOF
echo "status $?"
