echo -e 'before\cafter'
echo next
