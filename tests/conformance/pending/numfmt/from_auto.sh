numfmt --from=auto 1Ki 1K 10
