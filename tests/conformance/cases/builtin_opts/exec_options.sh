# check-stderr
exec -Q true
echo "status=$?"
exec -a
echo "status=$?"
(exec -cl -- true; echo never)
echo "status=$?"
