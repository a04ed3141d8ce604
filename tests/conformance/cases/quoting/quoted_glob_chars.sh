touch a1
echo "a*" 'a?' a\* a*
