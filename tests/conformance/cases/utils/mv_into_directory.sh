mkdir dir
touch f
mv f dir/
ls dir
