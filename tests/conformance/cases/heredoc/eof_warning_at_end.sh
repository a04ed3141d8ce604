# check-stderr
cat <<EOF
never closed
