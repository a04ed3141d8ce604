TIMEFORMAT=
{ time echo out; } 2>&1
echo "status=$?"
TIMEFORMAT='%%|%3R|%P' 
{ time false; } 2>&1 | sed 's/[0-9][0-9.]*/N/g'
