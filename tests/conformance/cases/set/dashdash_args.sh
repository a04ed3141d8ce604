set -- one "two three"
echo "$# $2"
set --
echo "$#"
