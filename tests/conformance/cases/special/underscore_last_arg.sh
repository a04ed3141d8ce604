echo one two three
echo "$_"
: final
echo "$_"
