cat <<EOF > out.txt; echo "$(echo made)"
hello
EOF
cat out.txt
printf "%s\n" "$(echo a)" <<E
ignored
E
