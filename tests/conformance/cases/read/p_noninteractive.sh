read -p 'Name: ' n <<< "bob"
echo "got $n"
