# check-stderr
echo before
fi
echo after
