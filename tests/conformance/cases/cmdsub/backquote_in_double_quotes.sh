# Inside double quotes, \" in backquotes stands for a double quote.
x="`echo \"a b\"`"
echo "$x"
echo "`echo \\\"q\\\"`"
echo `echo \"a\"`
y="pre `printf '%s-' \"1 2\" 3` post"
echo "$y"
