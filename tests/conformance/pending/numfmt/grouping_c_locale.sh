numfmt --grouping 1234567
