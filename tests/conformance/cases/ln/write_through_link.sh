echo one > f; ln -s f l; echo two >> l; cat f
