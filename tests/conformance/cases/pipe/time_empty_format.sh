TIMEFORMAT=
{ time true; } 2>&1 | wc -c
