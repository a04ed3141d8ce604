# check-stderr
exec < nonexistent.txt
echo "continues status=$?"
