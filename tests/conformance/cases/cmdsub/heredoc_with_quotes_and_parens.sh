# A here-document inside $( ) may hold any quote or parenthesis.
x=$(cat <<EOF
don't stop
EOF
)
echo "$x"
y=$(cat <<EOF
a ) b ( "
EOF
)
echo "$y"
echo "$(cat <<'EOF'
it's $( and `
EOF
)"
z=$(tr a-z A-Z <<EOF; echo after
it's
EOF
)
echo "$z"
