PS_TEST='\u-ish \\ \$'
v='plain \\ text'
echo "${v@P}"
