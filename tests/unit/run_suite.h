/* A unit test's main: runs its Check suite, the exit status its verdict
 * (the older tests spell this out in their own main). */
#ifndef IRRUN_TEST_RUN_SUITE_H
#define IRRUN_TEST_RUN_SUITE_H

#include <check.h>
#include <stdlib.h>

static int run_suite(Suite *s)
{
    SRunner *sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}

#endif
