printf 'junk\nSTART\nx\ny\n' > in
csplit -s in '%START%'
ls; cat xx00
