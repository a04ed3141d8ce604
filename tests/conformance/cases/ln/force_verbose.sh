ln -s a l; ln -sfv c l
