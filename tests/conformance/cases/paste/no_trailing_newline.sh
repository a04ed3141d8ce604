printf 'a\nb' > a; printf 'x\ny' > b
paste a b
