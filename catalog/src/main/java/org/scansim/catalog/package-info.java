/**
 * The kernel catalog: each kernel's metadata beside its {@code .cu} file ({@link
 * org.scansim.catalog.Kernel}, read strictly by {@link org.scansim.catalog.Catalog}), the formula
 * language of work bounds and sizes ({@link org.scansim.catalog.Formula}, an ANTLR grammar),
 * runs of catalog kernels ({@link org.scansim.catalog.CatalogRun}), the seeds' quantitative
 * claims with their experiments and verdicts ({@link org.scansim.catalog.Claims}), exact fits of
 * measured work ({@link org.scansim.catalog.Fit}) and the speed benchmarks ({@link
 * org.scansim.catalog.Bench}).
 *
 * <p>The seeds' claims about speed are judged with the timing module's cycles ({@link
 * org.scansim.catalog.TimeClaims}). Not modelled: a claim's conditions beyond what a run can
 * measure (a claim is PARTLY when it holds only under a reading its verdict spells out).
 */
package org.scansim.catalog;
