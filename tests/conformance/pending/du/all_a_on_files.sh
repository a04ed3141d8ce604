printf 'ab' > a; printf 'cde' > b
du -ab a b
