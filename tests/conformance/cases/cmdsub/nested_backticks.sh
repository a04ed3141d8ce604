echo `echo a \`echo b\``
