# A blank line after the last command keeps its status as the script's.
echo start
false

