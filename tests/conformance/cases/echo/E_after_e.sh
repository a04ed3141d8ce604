echo -eE 'a\tb'
echo -Ee 'a\tb'
