cat <<''
first

echo after
