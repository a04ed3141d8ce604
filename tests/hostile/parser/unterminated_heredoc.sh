# A here-document whose delimiter never comes: bash warns and uses what
# there is.
# expect-stop: none
# expect-stdout: abc
# expect-stdout: def
# expect-stderr-contains: here-document at line 7 delimited by end-of-file (wanted `EOF')
cat <<EOF
abc
def
