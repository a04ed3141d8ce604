printf 'a' > 'back\slash'; printf 'b' > 'new
line'
md5sum 'back\slash' 'new
line'
md5sum 'back\slash' 'new
line' > sums; md5sum -c sums
