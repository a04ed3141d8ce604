# check-stderr
# The here-document swallows the rest of the script, the brace with it.
f() { cat <<EOF
a
}
echo x
