# A syntax error inside case arms nested 24 deep, none ended by `;;`
# (fuzz F26): brush-parser's grammar read each such arm twice, doubling
# its time per level (about a minute at 24). sandbash's grammar reads
# each token once: bash's syntax error at once, status 2, the line before
# it run (valid arms like these run: see the conformance case
# control/nested_case_arms_without_terminators).
# expect-stop: none
# expect-status: 2
# expect-stdout: before
# expect-stderr-contains: syntax error near unexpected token `)'
# expect-max-seconds: 1
echo before
case x in x) case x in x) case x in x) case x in x) case x in x) case x in x) case x in x) case x in x) case x in x) case x in x) case x in x) case x in x) case x in x) case x in x) case x in x) case x in x) case x in x) case x in x) case x in x) case x in x) case x in x) case x in x) case x in x) case x in x) echo ); esac; esac; esac; esac; esac; esac; esac; esac; esac; esac; esac; esac; esac; esac; esac; esac; esac; esac; esac; esac; esac; esac; esac; esac
echo after
