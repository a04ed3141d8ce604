# check-stderr
# A subscript that a `}` closes before its `]` is a bad substitution at
# expansion time (status 1; the script goes on), in words and here-documents.
echo ${a[}
echo "next $?"
cat <<E
${a[${a[}}
E
echo "next $?"
