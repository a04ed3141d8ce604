# check-stderr
exec 3>f
exec 3>&-
echo x >&3
echo "status=$?"
